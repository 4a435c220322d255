// relay-compiler reads this file (and so does babel-plugin-relay); artifacts land in `__generated__` folders beside
// their sources and are git-ignored, so `npm run relay` (also run by postinstall and build) must precede typecheck.
const config = {
  src: "./web/src",
  schema: "./schema.graphql",
  language: "typescript",
  eagerEsModules: true,
  customScalarTypes: {
    Date: "string",
    DateTime: "string",
    Upload: "File",
  },
};

// Both tools load it with require(); in this ES-module package that would yield a module namespace, so the
// "module.exports" export name (Node >= 20.19) makes require() return the config object itself.
export { config as "module.exports", config as default };
