import Link from "next/link";
import { useTranslations } from "next-intl";
import { backLinkClass } from "@/components/payments/detail";
import { pagePath, type Resource } from "@/lib/console/resources";

/** A create page: back to the list, the heading, the owner's form. */
export function NewRecord({ resource, children }: { resource: Resource; children: React.ReactNode }) {
  const t = useTranslations(`resources.${resource.key}`);
  return (
    <div className="space-y-4">
      <Link href={pagePath(resource)} className={backLinkClass}>
        ← {t("plural")}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">{t("new")}</h1>
      {children}
    </div>
  );
}
