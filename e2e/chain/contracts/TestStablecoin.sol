// SPDX-License-Identifier: MIT
// A stablecoin stand-in for tests and the local node: OpenZeppelin's ERC20 with the token's own
// decimals (6 for USDC/USDT, 18 for BSC's pegged ones) and an open mint, since only test accounts hold it.
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract TestStablecoin is ERC20 {
    uint8 private immutable tokenDecimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        tokenDecimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return tokenDecimals;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// Many Transfer logs in one transaction: the scanner benchmark's blocks of 100 transfers.
    function scatter(address[] calldata to, uint256 amount) external {
        for (uint256 i = 0; i < to.length; i++) _mint(to[i], amount);
    }
}
