import { apiRoutes, type RouteContract } from "@laurel/contracts";
import { z } from "zod";

const securityOf: Record<RouteContract["guard"], Array<Record<string, string[]>>> = {
  public: [],
  session: [{ sessionCookie: [] }],
  admin: [{ adminToken: [] }, { bearer: [] }],
  staff: [{ adminToken: [] }, { bearer: [] }],
  proxy: [{ appProxySignature: [] }],
  webhook: [{ webhookHmac: [] }],
  apiKey: [{ merchantApiKey: [] }],
  extension: [{ extensionSessionToken: [] }],
};

const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { unrepresentable: "any", io: "input" });

/** OpenAPI 3.1 for the whole API, generated from the contracts (DESIGN §5). */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, contract] of Object.entries(apiRoutes) as Array<[string, RouteContract]>) {
    const [method = "GET", path = "/"] = key.split(" ");
    const openApiPath = path.replace(/:([A-Za-z]+)/g, "{$1}");
    const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const queryShape =
      contract.query instanceof z.ZodObject ? (contract.query.shape as Record<string, z.ZodType>) : {};
    const queryParams = Object.entries(queryShape).map(([name, schema]) => ({
      name,
      in: "query",
      schema: toSchema(schema),
    }));
    paths[openApiPath] ??= {};
    (paths[openApiPath] as Record<string, unknown>)[method.toLowerCase()] = {
      summary: contract.summary,
      security: securityOf[contract.guard],
      parameters: [...params, ...queryParams],
      ...(contract.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: toSchema(contract.body) } },
            },
          }
        : {}),
      responses: {
        "200": {
          description: "Success",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["success", "data"],
                properties: {
                  success: { const: true },
                  data: toSchema(contract.response),
                  message: { type: "string" },
                },
              },
            },
          },
        },
        default: {
          description: "Failure",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Laurel API", version },
    paths,
    components: {
      securitySchemes: {
        adminToken: { type: "apiKey", in: "header", name: "X-Auth-Token" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "laurel_session" },
        appProxySignature: { type: "apiKey", in: "query", name: "signature" },
        webhookHmac: { type: "apiKey", in: "header", name: "X-Shopify-Hmac-Sha256" },
        extensionSessionToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A checkout or customer-account UI extension's session token (decision 0180)",
        },
        merchantApiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "lrl_live_…",
          description: "The merchant API key from Settings → Developers (decision 0170)",
        },
      },
      schemas: {
        Failure: {
          type: "object",
          required: ["success", "error", "code"],
          properties: {
            success: { const: false },
            error: { type: "string" },
            code: { type: "string" },
            errors: {
              type: "array",
              items: {
                type: "object",
                properties: { field: { type: "string" }, message: { type: "string" } },
              },
            },
          },
        },
      },
    },
  };
}
