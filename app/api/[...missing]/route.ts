// Any other /api/... path: a JSON 404 (the console's page catch-all would answer with HTML).
import { errorJson } from "@/lib/console/route";

const notFound = async () => errorJson(404, { code: 40400, message: "No such console route" });

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
