// Package managers that install for the whole system (src/commands/table/system-packages.ts):
// a verb that changes the system's packages writes under /usr, /opt, /var/lib or the manager's
// prefix and runs the packages' scripts, outside the project, so it asks (UNRESOLVED_PATH, as
// `npm -g` does); a verb that only reads, or a simulation, is allowed.

import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

table("system package managers: what changes the system asks", box, [["apt-get install -y curl", "ask", [
  "#OUTSIDE_EFFECT",
]], ["apt install jq", "ask", ["#OUTSIDE_EFFECT"]], ["sudo apt-get install -y jq", "ask", ["#OUTSIDE_EFFECT"]], [
  "apt-get update && apt-get install -y --no-install-recommends git",
  "ask",
  ["#OUTSIDE_EFFECT"],
], ["apt-get remove --purge nginx", "ask", ["#OUTSIDE_EFFECT"]], ["apt-mark hold nginx", "ask", ["#OUTSIDE_EFFECT"]], [
  "dpkg -i pkg.deb",
  "ask",
  ["#OUTSIDE_EFFECT", "read $P/pkg.deb"],
], ["dpkg --purge nginx", "ask", ["#OUTSIDE_EFFECT"]], ["brew install jq", "ask", ["#OUTSIDE_EFFECT"]], ["brew upgrade",
  "ask", ["#OUTSIDE_EFFECT"]], ["gem install rails", "ask", ["#OUTSIDE_EFFECT"]], ["conda install numpy", "ask", [
  "#OUTSIDE_EFFECT",
]], ["conda create -n py311 python=3.11", "ask", ["#OUTSIDE_EFFECT"]], ["mamba install -c conda-forge numpy", "ask", [
  "#OUTSIDE_EFFECT",
]], ["micromamba install numpy", "ask", ["#OUTSIDE_EFFECT"]], ["snap install code --classic", "ask", [
  "#OUTSIDE_EFFECT",
]], ["dnf install -y gcc", "ask", ["#OUTSIDE_EFFECT"]], ["yum install gcc", "ask", ["#OUTSIDE_EFFECT"]], [
  "apk add --no-cache bash",
  "ask",
  ["#OUTSIDE_EFFECT"],
], ["pacman -S --noconfirm jq", "ask", ["#OUTSIDE_EFFECT"]], ["pacman -Syu", "ask", ["#OUTSIDE_EFFECT"]], [
  "pacman -Rns jq",
  "ask",
  ["#OUTSIDE_EFFECT"],
], ["zypper install jq", "ask", ["#OUTSIDE_EFFECT"]], ["port install jq", "ask", ["#OUTSIDE_EFFECT"]], [
  "nix-env -iA nixpkgs.jq",
  "ask",
  ["#OUTSIDE_EFFECT"],
], ["npx playwright install --with-deps", "ask", ["#OUTSIDE_EFFECT"]], ["npx playwright install-deps chromium", "ask", [
  "#OUTSIDE_EFFECT",
]], ["playwright install --with-deps chromium", "ask", ["#OUTSIDE_EFFECT"]]]);

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
