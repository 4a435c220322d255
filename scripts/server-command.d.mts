/** Node arguments and environment for the API or worker bundle (see server-command.mjs). */
export function serverCommand(
  role: "api" | "worker",
  env?: Record<string, string | undefined>,
): { args: string[]; env: Record<string, string | undefined> };
