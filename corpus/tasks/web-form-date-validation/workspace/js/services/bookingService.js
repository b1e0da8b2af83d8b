import { nightsBetween } from '../utils/dates.js';

/**
 * In-memory stand-in for the booking API: refuses stays that overlap an existing
 * booking and hands out sequential references.
 */
export function createBookingService(existing = []) {
  const bookings = [...existing];
  let next = 1041;

  return {
    async requestBooking(booking) {
      const clash = bookings.find((b) => overlaps(b, booking));
      if (clash) {
        throw Object.assign(new Error('Those dates are already booked. Choose different dates.'), { field: 'checkIn' });
      }
      bookings.push(booking);
      return { reference: `HC-${next++}`, nights: nightsBetween(booking.checkIn, booking.checkOut) };
    },
  };
}

function overlaps(a, b) {
  return a.checkIn < b.checkOut && b.checkIn < a.checkOut;
}
