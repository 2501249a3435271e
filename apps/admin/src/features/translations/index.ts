export { TranslationEditor } from "./components/translation-editor";
export { TranslationList } from "./components/translation-list";
