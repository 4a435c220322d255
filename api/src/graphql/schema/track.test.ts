import { describe, expect, it } from "vitest";
import { globalId, SEEDED, seededApp, statementsOf } from "../testing.ts";

describe("Track (schema/track.ts)", () => {
  const s = seededApp();

  const LIST = "{ tracks(first: 10) { edges { node { id name courseCount averageRating courses { id title } } } } }";

  it("the catalogue is public: anyone, signed in or not, reads every track, newest first, with its courses", async () => {
    for (const token of [s.who.stranger, s.who.learner, s.who.instructor]) {
      const { data, errors } = await s.app.graphql(LIST, {}, token);
      expect(errors).toBeUndefined();
      const nodes = data.tracks.edges.map((e: { node: { name: string; courseCount: number; courses: unknown[] } }) => e.node);
      expect(nodes.map((n: { name: string }) => n.name)).toEqual(
        Array.from({ length: SEEDED.tracks }, (_, i) => `Track ${SEEDED.tracks - 1 - i}`),
      );
      for (const node of nodes) {
        expect(node.courseCount).toBe(SEEDED.coursesPerTrack);
        expect(node.courses).toHaveLength(SEEDED.coursesPerTrack);
      }
    }
  });

  it("the list with every track's courses and course count sends a fixed number of SQL statements", async () => {
    const { statements } = await statementsOf(s.app, LIST);
    expect(statements).toBe(1);
  });

  it("one track with its courses and related tracks: the related ones are the 4 newest others", async () => {
    const id = globalId("Track", s.seeded.trackIds[0] as string);
    const query = "query ($id: ID!) { track(id: $id) { name courseCount courses { title } relatedTracks { name courseCount } } }";
    const { result, statements } = await statementsOf(s.app, query, { id });
    expect(result.data.track.courses.map((c: { title: string }) => c.title)).toEqual(["Course 0.0", "Course 0.1", "Course 0.2"]);
    expect(result.data.track.relatedTracks.map((t: { name: string }) => t.name)).toEqual(["Track 5", "Track 4", "Track 3", "Track 2"]);
    expect(statements).toBe(2);
  });

  it("a well-formed id of no track is null, and so is a malformed one (not an error)", async () => {
    for (const id of [globalId("Track", "00000000-0000-4000-8000-000000000000"), globalId("Track", "nope")]) {
      const { data, errors } = await s.app.graphql("query ($id: ID!) { track(id: $id) { name } }", { id });
      expect(errors).toBeUndefined();
      expect(data.track).toBeNull();
    }
  });
});
