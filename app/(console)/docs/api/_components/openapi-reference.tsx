// The API reference, rendered on the server from the OpenAPI document: an overview of every
// operation, and one page a tag with its operations (parameters, body, responses) and the schemas
// they use. No client script; styles sit on the page's root, not on each of its many cells.
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { markdownHtml, schemaAnchor, type FieldRow, type OpenApiDocument, type ReferenceOperation, type ReferenceSchema, type ReferenceTag, type TypeLabel } from "@/lib/console/openapi-reference";

// The page's type, once: Markdown (code, lists, links), field tables, code and cards.
const REFERENCE = [
  "[&_.md]:space-y-2 [&_.md]:text-sm [&_.md]:text-slate-800 [&_.md_ul]:list-disc [&_.md_ul]:space-y-1 [&_.md_ul]:pl-5",
  "[&_.md_a]:text-indigo-700 [&_.md_a]:underline [&_code]:font-mono [&_code]:break-all [&_.md_code]:rounded [&_.md_code]:bg-slate-100 [&_.md_code]:px-1 [&_.md_code]:text-[0.85em]",
  "[&_.card]:scroll-mt-4 [&_.card]:rounded-lg [&_.card]:border [&_.card]:border-slate-200 [&_.card]:bg-white [&_.card]:p-4",
  "[&_.part]:mt-4 [&_.part]:text-sm [&_.part]:font-semibold [&_.part]:text-slate-900",
  "[&_table]:mt-2 [&_table]:min-w-full [&_table]:text-sm [&_th]:py-1.5 [&_th]:pr-4 [&_th]:text-left [&_th]:align-top [&_td]:py-1.5 [&_td]:pr-4 [&_td]:align-top",
  "[&_tbody_tr]:border-t [&_tbody_tr]:border-slate-100 [&_tbody_th]:font-mono [&_tbody_th]:text-xs [&_tbody_th]:font-normal [&_tbody_th]:break-all [&_td_code]:text-xs",
  "[&_.note]:mt-0.5 [&_.note]:font-mono [&_.note]:text-xs [&_.note]:break-all [&_.note]:text-slate-700",
].join(" ");

const LINK = "text-indigo-700 underline";

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-blue-100 text-blue-900",
  POST: "bg-green-100 text-green-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

type T = Awaited<ReturnType<typeof getTranslations<"apiReference">>>;

function Markdown({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <div className="md" dangerouslySetInnerHTML={{ __html: markdownHtml(text) }} />;
}

function Method({ method }: { method: string }) {
  return <span className={`inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${METHOD_COLOURS[method] ?? "bg-slate-100 text-slate-900"}`}>{method}</span>;
}

function Type({ type }: { type: TypeLabel }) {
  return type.schema ? (
    <a href={`#${schemaAnchor(type.schema)}`} className={LINK}>
      <code>{type.text}</code>
    </a>
  ) : (
    <code>{type.text}</code>
  );
}

function Fields({ rows, t, label }: { rows: FieldRow[]; t: T; label: string }) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t("field")}</th>
            <th scope="col">{t("type")}</th>
            <th scope="col">{t("details")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const notes = [...row.constraints, ...(row.example ? [`${t("example")}: ${row.example}`] : [])];
            return (
              <tr key={row.name}>
                <th scope="row">
                  {row.name}
                  {row.required ? <span className="ml-1 font-sans text-red-800">{t("required")}</span> : null}
                </th>
                <td>
                  <Type type={row.type} />
                </td>
                <td>
                  <Markdown text={row.description} />
                  {notes.length > 0 ? <p className="note">{notes.join(" · ")}</p> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Operation({ operation, t }: { operation: ReferenceOperation; t: T }) {
  return (
    // An article, not a labelled section: every operation as a landmark would drown the page's own.
    <article id={operation.id} className="card">
      <h2 className="text-base font-semibold text-slate-900">{operation.summary}</h2>
      <p className="mt-1 flex items-start gap-2">
        <Method method={operation.method} />
        <code className="text-sm text-slate-900">{operation.path}</code>
      </p>
      {/* The permission it needs is the description's last sentence. */}
      {operation.extension ? <p className="mt-2 w-fit rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-900">{t("extension")}</p> : null}
      <div className="mt-2">
        <Markdown text={operation.description} />
      </div>
      {operation.parameters.length > 0 ? (
        <>
          <h3 className="part">{t("parameters")}</h3>
          <Fields rows={operation.parameters} t={t} label={`${operation.summary}: ${t("parameters")}`} />
        </>
      ) : null}
      {operation.body ? (
        <>
          <h3 className="part">
            {t("requestBody")}: <Type type={operation.body.type} />
          </h3>
          {operation.body.fields.length > 0 ? <Fields rows={operation.body.fields} t={t} label={`${operation.summary}: ${t("requestBody")}`} /> : null}
          {operation.body.example ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm text-slate-800">{t("example")}</summary>
              <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 font-mono text-xs text-slate-900">{operation.body.example}</pre>
            </details>
          ) : null}
        </>
      ) : null}
      <h3 className="part">{t("responses")}</h3>
      <dl className="mt-2 space-y-1.5 text-sm">
        {operation.responses.map((response) => (
          <div key={response.status} className="flex gap-3">
            <dt className="w-10 shrink-0 font-mono font-semibold text-slate-900">{response.status}</dt>
            <dd className="min-w-0">
              <Markdown text={response.description} />
              {response.type ? <Type type={response.type} /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

function Actions({ t }: { t: T }) {
  return (
    <div className="flex flex-wrap gap-2">
      {/* A document load, not a client navigation: Scalar needs that page's own CSP (inline styles). */}
      <a href="/docs/api/try" className={buttonClass.primary}>
        {t("tryIt")}
      </a>
      <a href="/v1/studio/api/openapi.json" download className={buttonClass.secondary}>
        {t("download")}
      </a>
    </div>
  );
}

/** A list of operations, each its method and a link to its part of `page` (this page when empty). */
function OperationLinks({ operations, page, className = "" }: { operations: ReferenceOperation[]; page: string; className?: string }) {
  return (
    <ul className={`space-y-1 text-sm ${className}`}>
      {operations.map((operation) => (
        <li key={operation.id} className="flex items-start gap-2">
          <Method method={operation.method} />
          <a href={`${page}#${operation.id}`} className={`min-w-0 ${LINK}`}>
            {operation.summary}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** /docs/api: the introduction and every operation, by tag, each linking to its tag's page. */
export async function ReferenceOverview({ document, tags }: { document: OpenApiDocument; tags: ReferenceTag[] }) {
  const t = await getTranslations("apiReference");
  return (
    <div className={`space-y-8 ${REFERENCE}`}>
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          {t("title")} <span className="text-base font-normal text-slate-700">{document.info.title} {document.info.version}</span>
        </h1>
        <p className="text-sm text-slate-700">{t("intro")}</p>
        <Actions t={t} />
        <Markdown text={document.info.description} />
      </header>
      <nav aria-label={t("contents")} className="grid gap-6 md:grid-cols-2">
        {tags.map((tag) => (
          <div key={tag.id}>
            <h2 className="text-lg font-semibold">
              <a href={`/docs/api/${tag.id}`} className="text-slate-900 hover:underline">
                {tag.name}
              </a>
            </h2>
            <OperationLinks operations={tag.operations} page={`/docs/api/${tag.id}`} className="mt-2" />
          </div>
        ))}
      </nav>
    </div>
  );
}

/** /docs/api/{tag}: the tag's operations in full, then the schemas they use. */
export async function ReferenceTagPage({ tag, schemas }: { tag: ReferenceTag; schemas: ReferenceSchema[] }) {
  const t = await getTranslations("apiReference");
  return (
    <div className={`space-y-6 ${REFERENCE}`}>
      <header className="space-y-3">
        <p className="text-sm">
          <a href="/docs/api" className={LINK}>
            {t("backToReference")}
          </a>
        </p>
        <h1 className="text-2xl font-semibold text-slate-900">{tag.name}</h1>
        <Markdown text={tag.description} />
        <Actions t={t} />
      </header>
      <nav aria-label={t("contents")}>
        <OperationLinks operations={tag.operations} page="" />
      </nav>
      <div className="space-y-4">
        {tag.operations.map((operation) => (
          <Operation key={operation.id} operation={operation} t={t} />
        ))}
      </div>
      <section id="schemas" aria-labelledby="schemas-heading" className="space-y-4">
        <h2 id="schemas-heading" className="text-xl font-semibold text-slate-900">
          {t("schemas")}
        </h2>
        {schemas.map((schema) => (
          <article key={schema.id} id={schema.id} className="card">
            <h3 className="font-mono text-base font-semibold text-slate-900">{schema.name}</h3>
            <Markdown text={schema.description} />
            {schema.fields.length > 0 ? <Fields rows={schema.fields} t={t} label={schema.name} /> : <Type type={schema.type} />}
          </article>
        ))}
      </section>
    </div>
  );
}
