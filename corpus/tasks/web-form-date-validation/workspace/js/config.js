export const MAX_GUESTS = 6;
export const MAX_NIGHTS = 28;
export const PROPERTY_NAME = 'Harbour Cottage';
