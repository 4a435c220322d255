-- A question or option is found by its id inside its quiz's JSON (`node(id:)`, docs/ARCHITECTURE.md, "Learning"):
-- containment (@>) on the questions, which this index answers without reading every quiz.
CREATE INDEX "Quiz_questions_idx" ON "Quiz" USING GIN ("questions" jsonb_path_ops);
