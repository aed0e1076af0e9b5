import { notFound } from "next/navigation";

// Any URL no console page serves: the not-found page inside the console's shell.
export default function MissingPage() {
  notFound();
}
