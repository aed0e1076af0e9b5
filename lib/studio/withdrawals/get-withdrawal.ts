import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { withdrawals } from "@/lib/studio/db/balances-schema";
import { chainSends } from "@/lib/studio/db/chain-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { notFound } from "@/lib/studio/core/errors";
import { pageOffset, type PagingQuery } from "@/lib/studio/core/paging";
import { serializeTransfer } from "@/lib/studio/withdrawals/serialize";
import { approvalProgressOf } from "@/lib/studio/withdrawals/review-withdrawal";

// GET /asset_pro/transfer/{id} (extension): one withdrawal of the caller's organization.
export async function getWithdrawal(input: { principal: Principal; id: string }) {
  const database = await db();
  const [found] = await database
    .select({ row: withdrawals, sendStatus: chainSends.status })
    .from(withdrawals)
    // A request awaiting approval (or rejected) has no send.
    .leftJoin(chainSends, eq(chainSends.id, withdrawals.sendId))
    .where(and(eq(withdrawals.id, input.id), eq(withdrawals.orgId, input.principal.orgId)));
  if (!found) throw notFound(`Transfer ${input.id}`);
  const progress = await approvalProgressOf(database, [found.row]);
  return serializeTransfer(found.row, found.sendStatus, progress.get(found.row.id));
}

// GET /asset_pro/transfers (extension): the organization's withdrawals, newest first.
export async function listWithdrawals(input: { principal: Principal; query: PagingQuery }) {
  const { principal, query } = input;
  const database = await db();
  const scope = eq(withdrawals.orgId, principal.orgId);
  const [[total], rows] = await Promise.all([
    database.select({ count: sql<number>`count(*)::int` }).from(withdrawals).where(scope),
    database
      .select({ row: withdrawals, sendStatus: chainSends.status })
      .from(withdrawals)
      .leftJoin(chainSends, eq(chainSends.id, withdrawals.sendId))
      .where(scope)
      .orderBy(desc(withdrawals.seq))
      .limit(query.page_size)
      .offset(pageOffset(query)),
  ]);
  const progress = await approvalProgressOf(database, rows.map(({ row }) => row));
  return {
    data: rows.map(({ row, sendStatus }) => serializeTransfer(row, sendStatus, progress.get(row.id))),
    paging: { page_number: query.page, page_size: query.page_size, total_count: total?.count ?? 0 },
    counts: {},
  };
}
