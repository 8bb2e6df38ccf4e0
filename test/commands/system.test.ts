// Package managers that install for the whole system (src/commands/table/system-packages.ts):
// a verb that changes the system's packages writes under /usr, /opt, /var/lib or the manager's
// prefix and runs the packages' scripts, outside the project, so it asks (UNRESOLVED_PATH, as
// `npm -g` does); a verb that only reads, or a simulation, is allowed.

import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

table("system package managers: what changes the system asks", box, [["apt-get install -y curl", "ask", [
  "#UNRESOLVED_PATH",
]], ["apt install jq", "ask", ["#UNRESOLVED_PATH"]], ["sudo apt-get install -y jq", "ask", ["#UNRESOLVED_PATH"]], [
  "apt-get update && apt-get install -y --no-install-recommends git",
  "ask",
  ["#UNRESOLVED_PATH"],
], ["apt-get remove --purge nginx", "ask", ["#UNRESOLVED_PATH"]], ["apt-mark hold nginx", "ask", ["#UNRESOLVED_PATH"]],
  ["dpkg -i pkg.deb", "ask", ["#UNRESOLVED_PATH", "read $P/pkg.deb"]], ["dpkg --purge nginx", "ask", [
  "#UNRESOLVED_PATH",
]], ["brew install jq", "ask", ["#UNRESOLVED_PATH"]], ["brew upgrade", "ask", ["#UNRESOLVED_PATH"]], [
  "gem install rails",
  "ask",
  ["#UNRESOLVED_PATH"],
], ["conda install numpy", "ask", ["#UNRESOLVED_PATH"]], ["conda create -n py311 python=3.11", "ask", [
  "#UNRESOLVED_PATH",
]], ["mamba install -c conda-forge numpy", "ask", ["#UNRESOLVED_PATH"]], ["micromamba install numpy", "ask", [
  "#UNRESOLVED_PATH",
]], ["snap install code --classic", "ask", ["#UNRESOLVED_PATH"]], ["dnf install -y gcc", "ask", ["#UNRESOLVED_PATH"]], [
  "yum install gcc",
  "ask",
  ["#UNRESOLVED_PATH"],
], ["apk add --no-cache bash", "ask", ["#UNRESOLVED_PATH"]], ["pacman -S --noconfirm jq", "ask", ["#UNRESOLVED_PATH"]],
  ["pacman -Syu", "ask", ["#UNRESOLVED_PATH"]], ["pacman -Rns jq", "ask", ["#UNRESOLVED_PATH"]], ["zypper install jq",
  "ask", ["#UNRESOLVED_PATH"]], ["port install jq", "ask", ["#UNRESOLVED_PATH"]], ["nix-env -iA nixpkgs.jq", "ask", [
  "#UNRESOLVED_PATH",
]], ["npx playwright install --with-deps", "ask", ["#UNRESOLVED_PATH"]], ["npx playwright install-deps chromium", "ask",
  ["#UNRESOLVED_PATH"]], ["playwright install --with-deps chromium", "ask", ["#UNRESOLVED_PATH"]]]);

table("system package managers: reading, simulating and installing into the project", box, [["apt list --installed",
  "allow"], ["apt-cache policy git", "allow"], ["apt-get -s install jq", "allow"], ["apt-get install --dry-run jq",
  "allow"], ["apt-mark showmanual", "allow"], ["dpkg -l", "allow"], ["dpkg -L coreutils", "allow"], [
  "dpkg --print-architecture",
  "allow",
], ["dpkg -c pkg.deb", "allow", ["read $P/pkg.deb"]], ["brew list", "allow"], ["brew info jq", "allow"], [
  "brew --prefix",
  "allow",
], ["gem list", "allow"], ["gem install -i vendor/gems rake", "allow", ["write $P/vendor/gems"]], [
  "gem install -i ../gems rake",
  "ask",
  ["write $T/work/gems"],
], ["conda list", "allow"], ["conda create -p ./env python=3.11", "allow", ["write $P/env"]], [
  "conda install -p ../env numpy",
  "ask",
  ["write $T/work/env"],
], ["dnf list installed", "allow"], ["pacman -Ss jq", "allow"], ["pacman -Qi jq", "allow"], [
  "npx playwright install chromium",
  "allow",
], ["npx playwright test", "allow"]]);
