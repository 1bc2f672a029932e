// swift-tools-version:6.0
import PackageDescription

// The plugin SDK lives in its own package so that the host and every plugin link one shared
// libStrategyKit.so (one copy of each type's metadata), and it is built with library evolution
// so that a plugin built against an older compatible SDK keeps working.
let package = Package(
    name: "StrategyKit",
    products: [
        .library(name: "StrategyKit", type: .dynamic, targets: ["StrategyKit"]),
    ],
    targets: [
        .target(
            name: "StrategyKit",
            swiftSettings: [.unsafeFlags(["-enable-library-evolution"])],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libStrategyKit.so"])]
        ),
    ]
)
