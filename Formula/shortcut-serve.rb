# Homebrew formula, built from source with the Swift toolchain (Xcode 16 or a swift.org toolchain):
#   brew install --HEAD ./Formula/shortcut-serve.rb
# from a clone of this repository. Untested on a Mac here: the build it runs is the one README's install
# command runs, which the Darwin type-check covers.
class ShortcutServe < Formula
  desc "Zero-dependency Swift micro-server for iPhone home-screen shortcuts and deep-link tests"
  # The clone this formula sits in: `brew install --HEAD` builds its checked-out branch.
  homepage "file://#{File.expand_path("..", __dir__)}"
  head "file://#{File.expand_path("..", __dir__)}", using: :git

  depends_on xcode: ["16.0", :build]
  depends_on macos: :ventura

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "shortcut-serve"
    bin.install ".build/release/shortcut-serve"
  end

  test do
    assert_match "shortcut-serve", shell_output("#{bin}/shortcut-serve --version")
  end
end
