package io.dispatch.logreport.scenario;

/**
 * The dispatching policy an order was created under ({@code dispatch.created}'s {@code dispatchPolicy}): its zone and
 * version. Version 0 is zone default's out-of-the-box policy, which has no row in {@code command.dispatch_policies}.
 */
record PolicyKey(String zoneId, long version) {}
