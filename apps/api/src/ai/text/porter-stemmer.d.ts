// wink's English model ships the Porter2 (Snowball English) stemmer as a standalone file without types.
declare module 'wink-eng-lite-web-model/dist/porter-stemmer.js' {
  const stem: (word: string) => string;
  export default stem;
}
