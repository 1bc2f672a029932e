extension Level {
    /// The order types every level's exchange takes, shown beside each level's instructions as
    /// the game master's "Order Types".
    public static let orderTypesInstructions = """
        Limit: buy at the price or lower, sell at the price or higher; what does not fill at once \
        rests on the book until it fills or you cancel it. This is the order to use almost always.
        Market: fill at whatever the book offers, however far from the last trade; whatever the \
        book cannot fill is cancelled. Dangerous on a thin book.
        Fill-or-kill (FOK): fill the whole quantity at the price or better at once, or nothing at \
        all; it never rests on the book.
        Immediate-or-cancel (IOC): fill what can be filled at the price or better at once and \
        cancel the rest; it never rests on the book.
        """

    static let firstStepsInstructions = """
        Your first order. You have been given a trading account and a venue where one stock, \
        FOOBAR, trades quietly between a few market makers. Buy 100 shares of it, at any price: \
        the level is won as soon as your account holds 100 shares, and lost if it does not by \
        the end of the second trading day. Look at the order book, choose a price, and send a \
        buy order.
        """

    static let chockABlockInstructions = """
        A client wants to own 100,000 shares of FOOBAR without paying over the odds for them. \
        Buy them for your account at an average price below the client's target. The target is \
        revealed once you hold your first shares: it is the stock's fair value at that moment \
        plus ten cents. The market makers show thin quotes and refresh them every step or two, \
        so a large order that sweeps the book, or a bid far through it, pays far more than the \
        allowance: buy in pieces, at the touch, as it refreshes. The level is won when you hold \
        100,000 shares at an average below the target, and lost if you hold them at an average \
        at or above it, or do not hold them after sixteen trading days.
        """

    static let sellSideInstructions = """
        Be the market maker. FOOBAR trades in a wide market where impatient traders cross the \
        spread all day. Quote both sides, buy low and sell high, and make $10,000 of profit: \
        your cash plus your position valued at the last trade's price. Your position must never \
        go beyond 1,000 shares long or short, checked after every one of your fills: the first \
        fill that takes it further loses the level. You have twelve trading days.
        """

    /// What dueling-bulldozers tells its player.
    static let duelingBulldozersInstructions = """
        FOOBAR trades on this venue with a few market makers, some small traders, and one very large \
        trader who now and then sweeps the book: bursts of orders of thousands of shares that take \
        every price in their way, all in one direction for a while. It knows nothing the rest of the \
        market does not; the price comes back after it has gone. Make a market in FOOBAR: earn $20,000 \
        of profit (your cash plus your position valued at the last trade) before 20 trading days are \
        over. Your position must stay within 1,000 shares long or short after every fill: one fill \
        beyond that and the level is lost.
        """

    /// What irrational-exuberance tells its player.
    static let irrationalExuberanceInstructions = """
        FOOBAR's value does not move on its own, and its small trades barely move the price. But its \
        market makers quote thin and follow the tape once a trade goes beyond their spread, and \
        several traders on this venue chase momentum: when the price has risen sharply they join \
        the run and buy, paying a few cents over the last trade, more the further it has come (the \
        reverse after a sharp fall); when the run stalls they dump everything they hold. Move the \
        price and let them follow: make $1,500 of profit in cash, with your position closed (no \
        shares held either way), before 20 trading days are over. Your position must stay within \
        1,000 shares long or short after every fill: one fill beyond that and the level is lost.
        """

    /// What making-amends tells its player.
    static let makingAmendsInstructions = """
        Someone on this venue is trading on knowledge nobody else has: their trades come before the \
        price moves, buying before it rises and selling before it falls. Eight other traders make \
        and take the market in FOOBAR around them, every one of them under an account name that \
        tells you nothing.

        Find the insider and name their account to the judge. Your account can trade, but trading \
        is not the point: the exchange will tell you more than it should. Ask about an order that \
        is not yours and the refusal names its owner; anyone's executions feed is open to watch. \
        Watch who trades, tally what each account makes and how the market moves after its \
        trades, and accuse one account. A wrong accusation loses the level; time running out \
        before you name anyone loses it too.
        """
}
