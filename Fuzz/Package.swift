// swift-tools-version:6.0
// kiosk's libFuzzer targets: a package of its own so the main package's build and tests never see
// `-sanitize=fuzzer`. Built by `Fuzz/build` (called by `scripts/fuzz`): every module, kiosk's own
// included, is compiled with libFuzzer's coverage and AddressSanitizer.
import PackageDescription

let targets = ["fuzz-evdev", "fuzz-png", "fuzz-text", "fuzz-text-long", "fuzz-font", "fuzz-path", "fuzz-settings", "fuzz-cli", "fuzz-jpeg", "fuzz-webp", "fuzz-control", "fuzz-svg", "fuzz-gif"]

let package = Package(
    name: "kiosk-fuzz",
    dependencies: [.package(name: "kiosk", path: "..")],
    targets: [
        // libFuzzer's LLVMFuzzerRunDriver: SwiftPM gives each executable its own `main`, so the
        // harnesses link libFuzzer without its main (see scripts/fuzz) and call the driver.
        .systemLibrary(name: "CFuzzDriver"),
        // The byte reader every harness takes its structured input from, and the driver call.
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
        // Text building and layout checks shared by fuzz-text and fuzz-font, and the pixel and
        // animation checks shared by the image harnesses (ImageChecks.swift).
        .target(name: "TextFuzzing", dependencies: ["FuzzSupport", .product(name: "Raster", package: "kiosk")]),
    ] + targets.map { name in
        // The Raster-only targets do not link Kiosk: after a Raster change they rebuild in
        // about a third of the time (Kiosk is most of the -O ASan build).
        let rasterOnly = ["fuzz-text", "fuzz-text-long", "fuzz-font", "fuzz-path", "fuzz-jpeg", "fuzz-webp", "fuzz-svg", "fuzz-gif"].contains(name)
        return .executableTarget(name: name, dependencies: [
            "FuzzSupport", "TextFuzzing",
            .product(name: "Raster", package: "kiosk"),
        ] + (rasterOnly ? [] : [.product(name: "Kiosk", package: "kiosk")]))
    },
    swiftLanguageModes: [.v5]
)
