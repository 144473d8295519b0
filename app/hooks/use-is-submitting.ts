import { useNavigation } from "react-router";

/** True while a form with this intent is being submitted (a plain POST shows the browser's own progress). */
export function useIsSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === intent;
}
