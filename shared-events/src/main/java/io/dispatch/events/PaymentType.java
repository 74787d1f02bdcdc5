package io.dispatch.events;

public enum PaymentType {
    COD,
    PREPAID
}
