import StrategyKit

/// What the simulated EDGAR says about a company beyond its name, and how it files: a pure
/// function of the seed and the CIK, so that the same seed gives the same company on every run.
struct EdgarProfile: Sendable {
    /// The month its fiscal year ends (12 for most).
    let fiscalYearEndMonth: Int
    /// The first calendar year it filed in.
    let firstYear: Int
    /// At most how many Form 4s (insiders' trades) it gets a quarter.
    let insiderFilings: Int
    /// The SIC code and EDGAR's description of it.
    let sic: (code: String, description: String)
    /// The file number its Exchange Act filings carry (`001-36743`).
    let fileNumber: String
    /// Its state of incorporation.
    let state: String
    /// Its quarterly revenue when it first filed, in dollars.
    let revenue: Int64
    /// Its shares outstanding when it first filed.
    let shares: Int64
    /// Whether it reports `AccountsPayableCurrent` (some companies lack a concept: a 404).
    let reportsAccountsPayable: Bool

    private static let industries: [(String, String)] = [
        ("3571", "Electronic Computers"), ("7372", "Services-Prepackaged Software"), ("3674", "Semiconductors & Related Devices"),
        ("2834", "Pharmaceutical Preparations"), ("6022", "State Commercial Banks"), ("4911", "Electric Services"),
        ("5331", "Retail-Variety Stores"), ("1311", "Crude Petroleum & Natural Gas"), ("3711", "Motor Vehicles & Passenger Car Bodies"),
        ("6798", "Real Estate Investment Trusts"), ("7370", "Services-Computer Programming, Data Processing, Etc."),
        ("2080", "Beverages"), ("3841", "Surgical & Medical Instruments & Apparatus"), ("4813", "Telephone Communications (No Radiotelephone)"),
    ]
    private static let states = ["DE", "DE", "DE", "CA", "NY", "NV", "MD", "WA", "TX", "NJ"]

    /// The profile of the company `cik` under `seed`.
    init(cik: Int, seed: UInt64) {
        var random = Self.random(seed: seed, cik: cik, stream: 1)
        fiscalYearEndMonth = random.chance(perMillion: 700_000) ? 12 : [3, 6, 9][Int(random.int(in: 0...2))]
        firstYear = Int(random.int(in: 2001...2016))
        // Widely held companies get many insiders' filings (and so pages of older filings).
        insiderFilings = Int(random.chance(perMillion: 350_000) ? random.int(in: 15...40) : random.int(in: 1...8))
        let industry = Self.industries[Int(random.int(in: 0...Int64(Self.industries.count - 1)))]
        sic = (industry.0, industry.1)
        fileNumber = "001-" + EdgarCalendar.padded(Int(random.int(in: 1_000...39_999)), 5)
        state = Self.states[Int(random.int(in: 0...Int64(Self.states.count - 1)))]
        revenue = random.int(in: 10_000...100_000) * 100_000
        shares = random.int(in: 50...5_000) * 1_000_000
        reportsAccountsPayable = random.chance(perMillion: 750_000)
    }

    /// A generator for one of a company's streams of draws (1 the profile, 2 its filings' dates,
    /// 3 their numbers, 4 its facts): each stream is drawn in the same order on every run.
    static func random(seed: UInt64, cik: Int, stream: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(cik) &* 0xBF58_476D_1CE4_E5B9 ^ stream)
        return SplitMix64(seed: mixer.next())
    }
}
