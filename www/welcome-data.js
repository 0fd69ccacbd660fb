// What the start screen shows that the engine answers (the variants' names and lines in each of the
// page's languages, and each variant's picture), put here by the build (scripts/build.mjs asks the
// compiled engine), so the start screen shows while the engine is still on its way. Unbuilt (www/
// served as it is): none, and the start screen asks the engine once it runs, as every other part does.
//   { variants: { <language>: [{ slug, name, summary }] }, pictures: { <slug>: <variantPicture(slug)> } }
export const WELCOME = null;
