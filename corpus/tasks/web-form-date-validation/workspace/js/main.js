import { startBookingForm } from './booking/bookingForm.js';
import { createBookingService } from './services/bookingService.js';

// Dates already taken, as the real API would report them.
const taken = [{ checkIn: new Date(Date.UTC(2031, 7, 1)), checkOut: new Date(Date.UTC(2031, 7, 15)) }];

startBookingForm(document, createBookingService(taken));
document.documentElement.dataset.ready = 'true';
