// @hey-api/openapi-ts settings for the generated part (src/gen); run by ../generate.sh.
// OPENAPI_TS_INPUT names the spec by absolute path when generate.sh writes into another directory.
export default {
  input: process.env.OPENAPI_TS_INPUT ?? '../../src/main/resources/openapi.yaml',
  output: { path: 'src/gen', importFileExtension: '.js', postProcess: [] },
  // Pages are HTML for people; the client covers the JSON API.
  parser: { filters: { tags: { exclude: ['Pages'] }, orphans: true } },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', { name: '@hey-api/sdk' }],
};
