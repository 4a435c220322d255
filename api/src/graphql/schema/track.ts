import { builder } from "../builder.ts";

export const Track = builder.prismaNode("Track", {
  id: { field: "id" },
  fields: (t) => ({
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    duration: t.exposeString("duration"),
    instructor: t.exposeString("instructor"),
    priceCents: t.exposeInt("priceCents"),
    price: t.float({ description: "Price in dollars.", resolve: (track) => track.priceCents / 100 }),
    currency: t.exposeString("currency"),
    image: t.exposeString("image", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  tracks: t.prismaConnection({
    type: "Track",
    cursor: "id",
    description: "The public catalogue, newest first.",
    resolve: (query, _root, _args, ctx) =>
      ctx.services.db.prisma.track.findMany({ ...query, orderBy: [{ createdAt: "desc" }, { id: "asc" }] }),
  }),
}));
