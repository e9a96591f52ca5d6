export const clientRoutes = ["/", "/goals", "/insights", "/settings", "/ai-chat"] as const;

export type ClientRoute = (typeof clientRoutes)[number];
