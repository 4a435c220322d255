import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../builder.ts";

/** What a delete mutation answers: the global id of what is gone, for `@deleteEdge`/`@deleteRecord`. */
export const DeletePayload = builder.objectRef<{ id: string; type: string }>("DeletePayload").implement({
  description: "A deleted record.",
  fields: (t) => ({
    deletedId: t.id({ description: "The global ID of the deleted record.", resolve: (p) => encodeGlobalID(p.type, p.id) }),
  }),
});
