import FoundationEssentials
import HTTP
import Live
import SimulatedMarket

/// The simulated exchange a configuration embeds (`embeddedExchange`), started in this process:
/// what `tickwork run` trades on and `tickwork watch` quotes from with the embedded default.
enum EmbeddedExchange {
    /// Starts the exchange `configuration` embeds, or returns nil when it embeds none; throws a
    /// configuration error for a bad `listen` address.
    static func start(_ configuration: Configuration) throws -> VenueServer? {
        guard let settings = configuration.embeddedExchange else { return nil }
        guard let listen = HTTPAddress(parsing: settings.listen) else {
            throw ConfigurationError(file: configuration.file, keyPath: "embeddedExchange.listen", message: "expected HOST:PORT, got \"\(settings.listen)\"")
        }
        var venueConfiguration = try VenueConfiguration(
            listen: listen, venue: configuration.exchange.venue.rawValue, symbols: settings.symbols.map(\.rawValue))
        venueConfiguration.alpaca?.directory = try DirectoryFile.forExchange(ProcessInfo.processInfo.environment).entries
        if settings.bots > 0 {
            venueConfiguration.bots = BotConfiguration(bots: Int(settings.bots))
            venueConfiguration.botSeed = UInt64(settings.seed)
        }
        return try VenueServer(configuration: venueConfiguration)
    }
}
