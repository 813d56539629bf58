/**
 * The posting form's validation messages (the catalogue of docs/product-spec.md, and rules it leaves open worded in
 * its voice). Apart from messages.ts so that pages without the posting form, the sign-in page
 * first, do not carry them in their first load.
 */
export const postingValidation = {
  endBeforeStart: 'End date cannot be before start date.',
  rentalDates: 'Please specify the start and end dates for the rental/sublet!',
  bothDates: 'Please select both start and end dates.',
  atLeastOneMember: 'Please add at least one current member to your posting',
  seekingAtLeastOne:
    "Please specify the number of roomates you're looking to attract to your posting (must be at least one)",
  selectDorm: 'Please select a target dorm!',
  phoneOrEmail: 'Please provide either admin phone number or email (or both)!',
  rentType: 'Please specify whether the rent indicated is the total group or per person rent!',
  /* Rules the spec leaves open (not in its catalogue; worded in the same voice). */
  unknownDorm: 'Please select a dorm from the list.',
  address: 'Please enter the address of the off-campus housing!',
  adminName: 'Please enter the admin name.',
  adminAcademicYear: 'Please select your academic year.',
  adminGender: 'Please select your gender.',
  adminCustomGender: 'Please describe your gender.',
  adminEmail: 'Please enter a valid admin email address.',
  adminPhone: 'Please enter a valid admin phone number (7 to 15 digits).',
  adminInstagram: 'Please enter a valid admin Instagram handle (letters, digits, periods and underscores; 30 at most).',
  memberName: (n: number) => `Please enter the name of member ${n}.`,
  memberAcademicYear: (n: number) => `Please select the academic year of member ${n}.`,
  memberGender: (n: number) => `Please select the gender of member ${n}.`,
  memberCustomGender: (n: number) => `Please describe the gender of member ${n}.`,
  memberEmail: (n: number) =>
    `Please enter one plain email address for member ${n}, like name@bc.edu (no name, spaces, commas or ?), or leave it blank.`,
  memberInstagram: (n: number) =>
    `Please enter a valid Instagram handle for member ${n} (letters, digits, periods and underscores; 30 at most), or leave it blank.`,
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters long.`,
  targetSize: (min: number, max: number) =>
    `The current members plus the roommates you seek must make a group of ${min} to ${max}.`,
  rentWholeDollars: (max: number) => `Please enter the monthly rent in whole dollars (at most $${max}).`,
  invalidDate: 'Please enter the dates as real calendar dates.',
  utilities: 'Please choose whether utilities are included.',
  /* The pin of an off-campus posting (issue 33). */
  pinBoth: 'Please give both the latitude and the longitude of the pin, or neither.',
  pinLatitude: 'Please enter the latitude as a number of degrees, like 42.3355.',
  pinLongitude: 'Please enter the longitude as a number of degrees, like -71.1685.',
  pinOutside: (west: number, south: number, east: number, north: number) =>
    `Please place the pin inside the map's area: latitude ${south} to ${north}, longitude ${west} to ${east}.`,
  unreadable: 'The posting information could not be read. Please reload the page and try again.',
};
