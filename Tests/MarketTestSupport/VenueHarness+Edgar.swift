import SimulatedMarket

extension VenueHarness {
    /// An exchange listing `symbols` on TESTEX whose EDGAR files nothing new but when told
    /// (`server.fileEdgarFilings()`), and then one filing of one of them: for tests of what
    /// reads EDGAR's new filings.
    public static func filingOnDemand(symbols: [String]) throws -> VenueHarness {
        try VenueHarness(symbols: symbols) { configuration in
            configuration.edgar?.filingInterval = nil
            configuration.edgar?.filersPerInterval = 1
        }
    }
}
