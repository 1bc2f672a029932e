import StrategyKit
import Wire

/// A company's XBRL facts, generated from its periodic reports since 2009 (when XBRL became
/// mandatory): revenues, net income, basic EPS, assets, accounts payable (for the companies that
/// report it) and shares outstanding. Values are exact decimals written as EDGAR's JSON numbers
/// (`391035000000`, `6.11`, `-0.05`), never floating point; each period's draws follow the
/// earlier periods', so the facts are a pure function of the seed, the CIK and the periods.
struct EdgarFacts {
    /// A concept a company may report.
    struct Concept: Sendable {
        var taxonomy: String
        var tag: String
        var label: String
        var description: String
        /// `USD`, `shares` or `USD/shares`.
        var unit: String
        /// Whether its value is at an instant (`end` only) rather than over a period.
        var instant: Bool
    }

    /// One reported value: a member of a unit's array.
    struct Fact: Sendable, Hashable {
        var start: Int64?
        var end: Int64
        /// The exact decimal text of the value.
        var value: String
        var period: EdgarHistory.Period
        /// `CY2024Q1`, `CY2024`, `CY2024Q1I`.
        var frame: String
    }

    /// Every concept, `dei` before `us-gaap`.
    static let concepts: [Concept] = [
        Concept(
            taxonomy: "dei", tag: "EntityCommonStockSharesOutstanding", label: "Entity Common Stock, Shares Outstanding",
            description: "Indicate number of shares or other units outstanding of each of registrant's classes of capital or common stock.",
            unit: "shares", instant: true),
        Concept(
            taxonomy: "us-gaap", tag: "Revenues", label: "Revenues",
            description: "Amount of revenue recognized from goods sold, services rendered, insurance premiums, or other activities.",
            unit: "USD", instant: false),
        Concept(
            taxonomy: "us-gaap", tag: "NetIncomeLoss", label: "Net Income (Loss) Attributable to Parent",
            description: "The portion of profit or loss for the period, net of income taxes, which is attributable to the parent.",
            unit: "USD", instant: false),
        Concept(
            taxonomy: "us-gaap", tag: "EarningsPerShareBasic", label: "Earnings Per Share, Basic",
            description: "The amount of net income (loss) for the period per each share of common stock outstanding.",
            unit: "USD/shares", instant: false),
        Concept(
            taxonomy: "us-gaap", tag: "Assets", label: "Assets",
            description: "Sum of the carrying amounts as of the balance sheet date of all assets that are recognized.",
            unit: "USD", instant: true),
        Concept(
            taxonomy: "us-gaap", tag: "AccountsPayableCurrent", label: "Accounts Payable, Current",
            description: "Carrying value as of the balance sheet date of liabilities incurred and payable to vendors, due within one year.",
            unit: "USD", instant: true),
    ]

    /// The first year with facts.
    static let firstYear = 2009

    let profile: EdgarProfile
    /// Each concept's facts (by its index in `concepts`), oldest first; empty for a concept the
    /// company does not report.
    let factsOfConcept: [[Fact]]

    /// The facts of the company `cik` with `profile`, from its `periods` (oldest first).
    init(cik: Int, profile: EdgarProfile, periods: [EdgarHistory.Period], seed: UInt64) {
        self.profile = profile
        var random = EdgarProfile.random(seed: seed, cik: cik, stream: 4)
        var facts = [[Fact]](repeating: [], count: Self.concepts.count)
        var revenue = profile.revenue
        var shares = profile.shares
        for period in periods {
            revenue = max(1_000_000, revenue * random.int(in: 97...106) / 100)
            shares = max(1_000_000, shares * random.int(in: 995...1_008) / 1_000)
            let margin = random.int(in: -8...25)
            let assets = revenue * random.int(in: 3...8)
            let payable = revenue * random.int(in: 10...40) / 100
            guard EdgarCalendar.year(period.end) >= Self.firstYear else { continue }
            let annual = period.fiscalPeriod == "FY"
            let periodRevenue = annual ? revenue * 4 - revenue / 10 : revenue
            let income = periodRevenue * margin / 100
            let (year, month) = EdgarCalendar.yearAndMonth(period.end)
            let quarterFrame = "CY\(year)Q\((month - 1) / 3 + 1)"
            let duration = annual ? "CY\(year)" : quarterFrame
            func add(_ concept: Int, _ value: String, instant: Bool, end: Int64 = period.end) {
                facts[concept].append(Fact(
                    start: instant ? nil : period.start, end: end, value: value, period: period,
                    frame: instant ? quarterFrame + "I" : duration))
            }
            add(0, String(shares), instant: true, end: period.filed - 10)
            add(1, String(periodRevenue), instant: false)
            add(2, String(income), instant: false)
            var eps: [UInt8] = []
            eps.appendFixedPoint(income * 100 / shares, scale: 2, minimumFractionDigits: 2)
            add(3, String(decoding: eps, as: UTF8.self), instant: false)
            add(4, String(assets), instant: true)
            if profile.reportsAccountsPayable { add(5, String(payable), instant: true) }
        }
        factsOfConcept = facts
    }

    /// The index in `concepts` of `taxonomy`'s `tag`, if the company reports it.
    func concept(taxonomy: String, tag: String) -> Int? {
        guard let index = Self.concepts.firstIndex(where: { $0.taxonomy == taxonomy && $0.tag == tag }) else { return nil }
        return factsOfConcept[index].isEmpty ? nil : index
    }
}
