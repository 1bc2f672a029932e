import StrategyKit

/// An order a venue either keeps itself or does not: what `order place` and `order replace`
/// refuse on a venue that cannot keep it (the CLI talks to the broker directly; only the
/// engine of `tickwork run` emulates), and what `run` and `strategies list` say the engine
/// emulates for the configured venue.
enum OrderFeature: Hashable, Sendable, CustomStringConvertible {
    case stop, stopLimit, trailingStop, bracket, oco, oto, replace
    case timeInForce(TimeInForce)

    /// What the engine emulates on a venue that does not keep it, in the order sentences name them.
    static let emulable: [OrderFeature] = [.stop, .stopLimit, .trailingStop, .bracket, .oco, .oto, .replace]

    /// Whether a venue with `capabilities` keeps this itself.
    func isKept(by capabilities: VenueCapabilities) -> Bool {
        switch self {
        case .stop, .stopLimit, .trailingStop: capabilities.triggers
        case .bracket, .oco, .oto: capabilities.groups
        case .replace: capabilities.replace
        case .timeInForce(let timeInForce): capabilities.timesInForce.contains(timeInForce)
        }
    }

    /// What a venue must keep to take `request`: its trigger, if any, and its time in force.
    static func needed(by request: OrderRequest) -> [OrderFeature] {
        var features: [OrderFeature] = []
        switch request.trigger {
        case .stop?: features.append(request.type == .market ? .stop : .stopLimit)
        case .trailing?: features.append(.trailingStop)
        case nil: break
        }
        return features + [.timeInForce(request.timeInForce)]
    }

    /// What a venue must keep to take `group`: its class and what each leg needs.
    static func needed(by group: OrderGroup) -> [OrderFeature] {
        let orderClass: OrderFeature = switch group.orderClass {
        case .bracket: .bracket
        case .oco: .oco
        case .oto: .oto
        }
        var features = [orderClass]
        for feature in group.legs.flatMap(needed(by:)) where !features.contains(feature) { features.append(feature) }
        return features
    }

    var description: String {
        switch self {
        case .stop: "stop"
        case .stopLimit: "stop-limit"
        case .trailingStop: "trailing stop"
        case .bracket: "bracket"
        case .oco: "OCO"
        case .oto: "OTO"
        case .replace: "replace"
        case .timeInForce(let timeInForce): "time in force \(timeInForce.rawValue)"
        }
    }

    /// `features` as a list for a sentence: `stop, bracket and replace`.
    static func list(_ features: [OrderFeature]) -> String {
        let names = features.map(\.description)
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// One line saying which emulable orders `venue` keeps at the broker and which the engine
    /// emulates (they end with the process): `StockFighter: stop, ... and replace are emulated
    /// by the engine and end with it`. With `emulation` off the engine refuses them instead.
    static func keeping(_ capabilities: VenueCapabilities, venue: String, emulation: Bool) -> String {
        let kept = emulable.filter { $0.isKept(by: capabilities) }
        let left = emulable.filter { !$0.isKept(by: capabilities) }
        var parts: [String] = []
        if !kept.isEmpty { parts.append("\(list(kept)) \(kept.count == 1 ? "is" : "are") kept at the broker") }
        if !left.isEmpty {
            let verb = left.count == 1 ? "is" : "are"
            parts.append(
                emulation
                    ? "\(list(left)) \(verb) emulated by the engine and end with it"
                    : "\(list(left)) \(verb) refused (emulatedOrders is false)")
        }
        return "\(venue): " + parts.joined(separator: "; ")
    }
}
