import "server-only";
// The organization's own addresses among its HD wallet's indexes: deposit addresses count up from
// 0, so its treasury takes the last non-hardened index and its gas tank (RPC chains) the one below.
export const TREASURY_INDEX = 2 ** 31 - 1;
export const GAS_TANK_INDEX = TREASURY_INDEX - 1;
