import { endpointNotFound } from "@/lib/http/endpoint-not-found";

export const dynamic = "force-dynamic";

// Any /v1/ path without an endpoint of its own: 404 endpoint_not_found in v1's error shape.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointNotFound("v1");
