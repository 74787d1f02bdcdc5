package io.dispatch.events;

/** A pickup or dropoff point: the address text, optional coordinates and notes for the rider. */
public record Stop(String address, Double lat, Double lng, String notes) {

  public boolean hasCoordinates() {
    return lat != null && lng != null;
  }
}
