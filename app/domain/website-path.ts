/** The landing page sends signed-in visitors to their own home; with this parameter it shows itself,
 *  for the admin area's 'Back to Website'. */
export const LANDING_STAY_PARAM = "website";

export const WEBSITE_PATH = `/?${LANDING_STAY_PARAM}`;
