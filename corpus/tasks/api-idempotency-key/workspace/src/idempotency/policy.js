/**
 * Which first answers are saved under their key: the request started executing (2xx) or reached
 * the card network (402). Validation failures and server errors are not, so a retry runs again.
 */
export function isSavedStatus(status) {
  return (status >= 200 && status < 300) || status === 402;
}
