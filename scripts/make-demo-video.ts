/**
 * Makes the demo lesson video (api/src/seed/assets/demo-lesson.webm): a few seconds of a canvas animation recorded by
 * headless Chromium's MediaRecorder (VP8 in WebM), small enough to commit. Run once: `npx tsx scripts/make-demo-video.ts`.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const OUT = "api/src/seed/assets/demo-lesson.webm";

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  // A plain script (not a compiled function): the TypeScript loader would add helpers the page does not have.
  const base64 = await page.evaluate<string>(`(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext("2d");
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8", videoBitsPerSecond: 150_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    const start = performance.now();
    await new Promise((resolve) => {
      const frame = () => {
        const t = (performance.now() - start) / 1000;
        ctx.fillStyle = "#1e3a8a";
        ctx.fillRect(0, 0, 320, 180);
        ctx.fillStyle = "#fbbf24";
        ctx.beginPath();
        ctx.arc(40 + ((t * 80) % 240), 90 + Math.sin(t * 3) * 40, 18, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = "#fff";
        ctx.font = "20px sans-serif";
        ctx.fillText(\`LearnHub demo lesson · \${t.toFixed(1)} s\`, 16, 30);
        if (t < 4) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
})()`);
  writeFileSync(OUT, Buffer.from(base64, "base64"));
  console.log(`wrote ${OUT} (${Buffer.from(base64, "base64").length} bytes)`);
} finally {
  await browser.close();
}
