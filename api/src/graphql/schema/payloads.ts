import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../builder.ts";

/**
 * What a delete mutation answers: the global id of what is gone, for `@deleteEdge`/`@deleteRecord`, and whether it was
 * archived instead (docs/ARCHITECTURE.md, "Archiving and abandoned checkouts").
 */
export const DeletePayload = builder.objectRef<{ id: string; type: string; archived?: boolean }>("DeletePayload").implement({
  description: "A deleted record.",
  fields: (t) => ({
    deletedId: t.id({ description: "The global ID of the deleted record.", resolve: (p) => encodeGlobalID(p.type, p.id) }),
    archived: t.boolean({
      description: "True when the record had history and was archived instead of deleted (it can be restored); false when it is gone.",
      resolve: (payload) => payload.archived === true,
    }),
  }),
});
