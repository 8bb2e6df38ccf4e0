// `import x from "….wasm" with { type: "file" }` (Bun) gives the embedded file's path.
declare module "*.wasm" {
  const path: string;
  export default path;
}
