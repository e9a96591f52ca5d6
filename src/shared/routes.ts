/** The browser routes of the web app (spec section 2); the server answers them with the app. */
export const clientRoutes = ["/", "/goals", "/insights", "/settings", "/ai-chat"] as const;

export type ClientRoute = (typeof clientRoutes)[number];
