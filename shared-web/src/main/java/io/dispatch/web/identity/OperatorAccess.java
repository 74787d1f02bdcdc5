package io.dispatch.web.identity;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The roles besides {@link OperatorRole#ADMIN} that may call an operator route. On a handler
 * method, or on its controller for all its methods (the method's wins). A route without it is
 * ADMIN-only: a new route is closed until someone decides who else may call it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface OperatorAccess {

    OperatorRole[] value();
}
