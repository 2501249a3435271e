export { SaveBar } from "./save-bar";
export { type KeepSaveBarState, type SaveBarState, type UseSaveBarOptions, useSaveBar } from "./use-save-bar";
