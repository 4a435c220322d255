import { greeting, type MailTemplate, rich, strong } from "../compose.ts";

/** A track finished: the certificate (its PDF attached by the job), its public verification page and the portal. */
export const certificate: MailTemplate<{ firstName: string; trackName: string; code: string; verifyUrl: string; portalUrl: string }> = {
  name: "certificate",
  description: "Every lesson of a track done: the certificate, attached as a PDF, with its verification link",
  sample: {
    firstName: "Ada",
    trackName: "Data Analysis",
    code: "ABCD-EFGH-JKMN",
    verifyUrl: "https://learnhub.example/certificates/ABCD-EFGH-JKMN",
    portalUrl: "https://learnhub.example/portal",
  },
  compose: ({ firstName, trackName, code, verifyUrl, portalUrl }) => ({
    subject: `Congratulations: your certificate for ${trackName}`,
    title: "Your certificate",
    greeting: greeting(firstName),
    blocks: [
      { kind: "p", content: rich`congratulations on finishing ${strong(trackName)}! Your certificate is attached to this mail as a PDF.` },
      { kind: "p", content: rich`Its code is ${strong(code)}. Anyone can check it at ${verifyUrl}` },
      { kind: "button", href: verifyUrl, label: "Verify my certificate" },
      { kind: "p", content: rich`You can download it again from your portal: ${portalUrl}` },
      { kind: "button", href: portalUrl, label: "Open my portal", inText: false },
    ],
  }),
};
