/** A file imported as its text (`?raw`): Vite does it in the tests, build.mjs in the build. */
declare module '*?raw' {
  const text: string;
  export default text;
}
