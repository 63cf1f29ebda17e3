// swift-tools-version:6.0
// __NAME__: a kiosk app (made by `kiosk new`). `import Kiosk` is SwiftUI's API for a screen with
// no window system; the README says how to run, test and package it.
import PackageDescription

let package = Package(
    name: "__NAME__",
    products: [
        .executable(name: "__NAME__", targets: ["__TYPE__"]),
    ],
    dependencies: [
        __DEPENDENCY__,
    ],
    targets: [
        .executableTarget(name: "__TYPE__", dependencies: [.product(name: "Kiosk", package: "__KIOSK_ID__")]),
        .testTarget(name: "__TYPE__Tests", dependencies: ["__TYPE__", .product(name: "Kiosk", package: "__KIOSK_ID__")],
                    exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v5]
)
