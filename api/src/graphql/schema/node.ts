import { resolveNodes } from "@pothos/plugin-relay";
import { ValidationError } from "../../domain/errors.ts";
import { builder, decodeId } from "../builder.ts";

/** The most ids one `nodes(ids:)` takes: a page's worth (paging's `first` stops at 100 too). */
export const NODES_MAX = 100;

/** Whether `typename` is an object type Pothos can load by id (a type of node). */
function loadsById(typename: string): boolean {
  if (!builder.configStore.hasConfig(typename)) return false;
  const config = builder.configStore.getTypeConfig(typename);
  const options = config.pothosOptions as Record<string, unknown>;
  const loaders = ["loadMany", "loadOne", "loadManyWithoutCache", "loadWithoutCache"];
  return config.graphqlKind === "Object" && loaders.some((key) => !!options[key]);
}

/**
 * `nodes(ids:)`: an id that does not decode, or names no type of node, is null with an error at its own entry
 * (["nodes", i]) and the other entries are still resolved. (Pothos' own field decodes every id before resolving, so one
 * bad id failed the whole list, and with it, the list being non-null, the whole answer.)
 */
builder.queryField("nodes", (t) =>
  t.field({
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    description:
      "The records with these global IDs, in the same order: null for an ID that names no record, with an error if it is malformed.",
    args: { ids: t.arg.idList({ required: true, description: "Global IDs, as the records' `id` fields give them (at most 100)." }) },
    resolve: async (_root, args, ctx, info) => {
      // As many as a page holds: each id may cost a statement, and anyone may ask.
      if (args.ids.length > NODES_MAX) throw new ValidationError(`At most ${NODES_MAX} IDs at once.`);
      const ids = args.ids.map((globalID) => {
        try {
          const decoded = decodeId(String(globalID));
          return loadsById(decoded.typename) ? decoded : null;
        } catch {
          return null;
        }
      });
      const nodes = await resolveNodes(builder, ctx, info, ids);
      return nodes.map((node, i) => (ids[i] ? node : new ValidationError("Invalid ID.")));
    },
  }),
);
