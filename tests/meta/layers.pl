#!/usr/bin/perl
# The plan of gen/ (gen/README.md, "Layers"), checked on the include lines:
#   - every folder of gen/lib/ (and gen/cli/) is in exactly one layer of the
#     README's layer block, and every folder the block names exists;
#   - a file of gen/ includes the library by layered paths ("data/node.h"),
#     never by a bare name, and only from its own folder or a lower layer:
#     a sibling of its layer or a higher layer is an upward include (the
#     block's `allow` lines name the exceptions, each with its reason);
#   - no circle between the modules of gen/lib/ (a module: x.c and x.h of
#     one folder; an include from either is an edge to the header's module);
#   - a .c of gen/lib/ without a header of its own names, in its first
#     comment, the header of its folder it implements ("(render.h)");
#   - no two .c files of gen/ share a base name (ar keeps base names: the
#     second would replace the first in libcryptoperf.a);
#   - the runner (firmware/runner/) and bench/ include nothing of gen/ but
#     the public header cryptoperf.h: no header by its path under gen/lib
#     ("data/node.h") or by its base name ("node.h").
# Usage: layers.pl [TOP] (default: the current folder). Prints FILE:LINE:
# what is wrong, one line a problem; exits 1 when it found any.
use strict;
use warnings;
use File::Find;

my $top = shift // '.';
my $lib = "$top/gen/lib";
my @hits;
sub hit { push @hits, join('', @_) }

# ---- the layers, from gen/README.md ----
my (%rank, %allow);
{
    my $readme = "$top/gen/README.md";
    open my $fh, '<', $readme or die "$readme: $!\n";
    my $in = 0;
    while (my $line = <$fh>) {
        if ($line =~ /<!-- layers:/) { $in = 1; next }
        next unless $in;
        last if $line =~ /^```\s*$/ && $in == 2;
        if ($line =~ /^```/) { $in = 2; next }
        next if $in != 2;
        if ($line =~ /^\s*(\d+)\s+((?:[a-z]+\/?\s*)+?)\s*(?:#.*)?$/) {
            my $r = $1;
            for my $f (split ' ', $2) {
                $f =~ s{/$}{};
                hit("$readme:$.: folder $f is in two layers") if exists $rank{$f};
                $rank{$f} = $r;
            }
        } elsif ($line =~ /^\s*allow\s+(\S+)\s+->\s+(\S+)\s*:\s*\S/) {
            $allow{"$1 $2"} = 1;
        } elsif ($line =~ /\S/ && $line !~ /^\s*#/) {
            hit("$readme:$.: expected 'N folder...' or 'allow FILE -> HEADER: why' in the layer block, found: ",
                $line =~ s/\s+$//r);
        }
    }
    hit("$readme: no layer block ('<!-- layers: ... -->' and a fenced block)") unless %rank;
}
opendir my $dh, $lib or die "$lib: $!\n";
my @folders = sort grep { -d "$lib/$_" && !/^\./ } readdir $dh;
closedir $dh;
for my $f (@folders, 'cli') {
    hit("gen/README.md: folder $f is in no layer") unless exists $rank{$f};
}
for my $f (sort keys %rank) {
    hit("gen/README.md: layer folder $f does not exist") unless $f eq 'cli' ? -d "$top/gen/cli" : -d "$lib/$f";
}

# ---- the files ----
my @files;
find({ wanted => sub { push @files, $File::Find::name if /\.(c|h|def)$/ }, no_chdir => 1 }, "$top/gen");
@files = sort @files;

sub includes {
    my ($path) = @_;
    open my $fh, '<', $path or die "$path: $!\n";
    my @inc;
    while (my $line = <$fh>) {
        push @inc, [$., $1] if $line =~ /^\s*#\s*include\s+"([^"]+)"/;
    }
    return @inc;
}

sub rel { my $p = shift; $p =~ s{^\Q$top\E/}{}; $p }

my (%edges, %base);
for my $path (@files) {
    my $r = rel($path);
    my ($where, $folder, $name);
    if ($r =~ m{^gen/lib/([^/]+)/([^/]+)$}) { ($where, $folder, $name) = ('lib', $1, $2) }
    elsif ($r =~ m{^gen/lib/([^/]+)$}) { ($where, $folder, $name) = ('public', '', $1) }
    elsif ($r =~ m{^gen/cli/([^/]+)$}) { ($where, $folder, $name) = ('cli', 'cli', $1) }
    else { hit("$r: a source file outside gen/cli/ and gen/lib/<folder>/"); next }
    if ($name =~ /\.c$/) {
        push @{ $base{$name} }, $r;
    }
    (my $module = "$folder/$name") =~ s/\.(c|h|def)$//;
    for my $inc (includes($path)) {
        my ($line, $p) = @$inc;
        next if $p eq 'paths.h' && $r eq 'gen/lib/base/datadir.c';   # build/config, made by mk/install.mk
        if ($where eq 'cli' && $p !~ m{/} && -e "$top/gen/cli/$p") { next }
        my ($tf) = $p =~ m{^([a-z_]+)/[^/]+$};
        if (!$tf || !-e "$lib/$p") {
            hit("$r:$line: includes \"$p\": expected a layered path of gen/lib (\"data/node.h\")");
            next;
        }
        (my $target = $p) =~ s/\.(c|h|def)$//;
        $edges{$module}{$target} = 1 if $where eq 'lib' && $target ne $module;
        next if $where ne 'lib' || $tf eq $folder;
        next if $allow{"$r $p"};
        if (!exists $rank{$tf} || !exists $rank{$folder}) {
            hit("$r:$line: includes \"$p\": a folder in no layer");
        } elsif ($rank{$tf} > $rank{$folder}) {
            hit("$r:$line: includes \"$p\": $folder (layer $rank{$folder}) may not include $tf (layer $rank{$tf}, above it)");
        } elsif ($rank{$tf} == $rank{$folder}) {
            hit("$r:$line: includes \"$p\": $folder may not include $tf, a sibling of its layer $rank{$folder}");
        }
    }
    # a .c without its own header says which header of its folder it implements
    my ($stem) = $name =~ /^(.*)\.c$/;
    if ($where eq 'lib' && defined $stem && !-e "$lib/$folder/$stem.h") {
        open my $fh, '<', $path or die "$path: $!\n";
        my $text = do { local $/; <$fh> };
        my ($comment) = $text =~ m{\A\s*/\*(.*?)\*/}s;
        my @named = $comment ? grep { -e "$lib/$folder/$_" } $comment =~ /([a-z_]+\.h)\b/g : ();
        hit("$r:1: no $stem.h beside it, and its first comment names no header of $folder/ it implements") unless @named;
    }
}
for my $name (sort keys %base) {
    hit("$base{$name}[1]: same base name as $base{$name}[0] (the archive would keep one)") if @{ $base{$name} } > 1;
}

# ---- circles between modules (Tarjan's strongly connected components) ----
{
    my ($index, %idx, %low, @stack, %on);
    my $visit;
    $visit = sub {
        my ($v) = @_;
        $idx{$v} = $low{$v} = $index++;
        push @stack, $v;
        $on{$v} = 1;
        for my $w (sort keys %{ $edges{$v} || {} }) {
            if (!exists $idx{$w}) { $visit->($w); $low{$v} = $low{$w} if $low{$w} < $low{$v} }
            elsif ($on{$w}) { $low{$v} = $idx{$w} if $idx{$w} < $low{$v} }
        }
        if ($low{$v} == $idx{$v}) {
            my @scc;
            while (1) { my $w = pop @stack; delete $on{$w}; push @scc, $w; last if $w eq $v }
            hit("gen/lib: a circle of includes between the modules ", join(', ', sort @scc)) if @scc > 1;
        }
    };
    $index = 0;
    for my $v (sort keys %edges) { $visit->($v) unless exists $idx{$v} }
}

# ---- the runner and bench/: the public header only ----
my @outside;
for my $dir ("$top/firmware/runner", "$top/bench") {
    next unless -d $dir;
    opendir my $d, $dir or die "$dir: $!\n";
    push @outside, map { "$dir/$_" } sort grep { /\.[ch]$/ } readdir $d;
    closedir $d;
}
# what names a header of gen/: its path under gen/lib or gen/cli
# ("data/node.h", "commands.h"), or its base name alone ("node.h": the
# runner's include lines before gen/lib had folders)
my %gen_header;
for my $f (@files) {
    next unless $f =~ m{^\Q$top\E/gen/(?:lib|cli)/(.+\.(?:h|def))$};
    my $p = $1;
    $gen_header{$p} = 1;
    $gen_header{$1} = 1 if $p =~ m{([^/]+)$};
}
for my $path (@outside) {
    my $r = rel($path);
    (my $dir = $path) =~ s{/[^/]+$}{};
    for my $inc (includes($path)) {
        my ($line, $p) = @$inc;
        next if $p eq 'cryptoperf.h' || !$gen_header{$p};
        next if -e "$dir/$p";                                  # its own of that name
        next if $r =~ m{^firmware/runner/} && -e "$top/firmware/cycles/$p";   # RUNNER_INC: the cycle model's launcher
        hit("$r:$line: includes \"$p\": outside gen/, only the library's public header cryptoperf.h");
    }
}

print "$_\n" for @hits;
exit(@hits ? 1 : 0);
