export const clientRoutes = ["/", "/goals", "/insights", "/settings", "/ai-chat"] as const;
