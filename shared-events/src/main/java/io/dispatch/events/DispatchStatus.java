package io.dispatch.events;

/** The lifecycle of a delivery; DELIVERED, FAILED and CANCELLED are end points. */
public enum DispatchStatus {
  NEW,
  ASSIGNED,
  PICKED_UP,
  IN_TRANSIT,
  DELIVERED,
  FAILED,
  CANCELLED;

  public boolean isTerminal() {
    return this == DELIVERED || this == FAILED || this == CANCELLED;
  }
}
