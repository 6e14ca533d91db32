#!/usr/bin/perl
# Link walker for generated sites: starts at the given pages (index.html,
# index.md), follows every relative link and image (HTML href/src,
# Markdown [text](target)) to pages of the same kind, and checks that each
# target exists; a "#fragment" into an HTML page must name an id there.
# With --all PAGE..., every listed page must have been reached, and with
# --clicks N reached in at most N clicks from a start page. With --up PAGE,
# every page reached other than PAGE must link to PAGE (up to the index).
#
#   linkwalk.pl START... [--clicks N] [--up PAGE] [--all PAGE...]
#
# Prints one line per problem ("dead: FROM -> TARGET", "unreachable: PAGE")
# and a summary; exits 1 when there is a problem. Links with a scheme
# (http:, mailto:) are counted as external and not followed.
# Core Perl only (perl-base suffices).
use strict;
use warnings;

my (@start, @all, $in_all, $clicks, $up);
while (defined(my $a = shift @ARGV)) {
    if ($a eq '--all') { $in_all = 1; next }
    if ($a eq '--clicks') { $clicks = shift @ARGV; next }
    if ($a eq '--up') { $up = shift @ARGV; next }
    push @{ $in_all ? \@all : \@start }, $a;
}
die "usage: linkwalk.pl START... [--clicks N] [--up PAGE] [--all PAGE...]\n" unless @start;

sub slurp {
    my ($f) = @_;
    open my $fh, '<:raw', $f or return undef;
    local $/;
    my $s = <$fh>;
    return $s;
}

# "a/./b/../c" -> "a/c"; leading ".." kept
sub normalize {
    my @out;
    for my $p (split m{/}, $_[0]) {
        next if $p eq '' || $p eq '.';
        if ($p eq '..' && @out && $out[-1] ne '..') { pop @out } else { push @out, $p }
    }
    return (substr($_[0], 0, 1) eq '/' ? '/' : '') . join('/', @out);
}

sub unescape_html {
    my ($s) = @_;
    $s =~ s/&quot;/"/g; $s =~ s/&#39;/'/g; $s =~ s/&lt;/</g; $s =~ s/&gt;/>/g;
    $s =~ s/&#(\d+);/chr($1)/ge;
    $s =~ s/&amp;/&/g;
    return $s;
}

# A wiki page names pages by title, "Cryptoperf/<path>" (the page <path>/index.wiki
# or <path>.wiki of the site) or "Cryptoperf" (the index): as relative paths
# from the page, so that they are followed like the others.
my $wiki_root;
sub wiki_links {
    my ($file, $text) = @_;
    (my $dir = $file) =~ s{[^/]*$}{};
    my $depth = () = substr($dir, length $wiki_root) =~ m{/}g;
    my $top = '../' x $depth;
    my @out;
    for my $t ($text =~ /\[\[(Cryptoperf(?:\/[^]|]*)?)[]|]/g) {
        if ($t eq 'Cryptoperf') { push @out, "${top}index.wiki"; next }
        (my $path = $t) =~ s{^Cryptoperf/}{};
        push @out, -e "$wiki_root$path/index.wiki" ? "$top$path/index.wiki" : "$top$path.wiki";
    }
    return @out;
}

sub links_of {
    my ($file, $text) = @_;
    return wiki_links($file, $text) if $file =~ /\.wiki$/;
    if ($file =~ /\.html$/) {
        return map { unescape_html($_) } $text =~ /\s(?:href|src)="([^"]*)"/g;
    }
    return $text =~ /\]\(([^)\s]+)\)/g;
}

my (%seen, %depth, @queue, $problems, $links, $external);
$problems = $links = $external = 0;
for (@start) { my $n = normalize($_); $depth{$n} = 0; push @queue, $n unless $seen{$n}++ }
$up = normalize($up) if defined $up;
($wiki_root = normalize($start[0])) =~ s{[^/]*$}{};
while (defined(my $page = shift @queue)) {
    my $text = slurp($page);
    if (!defined $text) { print "dead: (start) -> $page\n"; $problems++; next }
    (my $dir = $page) =~ s{[^/]*$}{};
    my $links_up = 0;
    for my $link (links_of($page, $text)) {
        $links++;
        if ($link =~ /^[A-Za-z][A-Za-z0-9+.-]*:/) { $external++; next }
        my ($path, $frag) = $link =~ /^([^#]*)(?:#(.*))?$/;
        $path =~ s/%([0-9A-Fa-f]{2})/chr(hex $1)/ge;
        my $target = $path eq '' ? $page : normalize("$dir$path");
        $links_up = 1 if defined $up && $target eq $up;
        if (!-e $target) { print "dead: $page -> $link\n"; $problems++; next }
        if (defined $frag && $target =~ /\.html$/) {
            my $t = slurp($target) // '';
            if (index($t, " id=\"$frag\"") < 0) { print "dead: $page -> $link (no id \"$frag\")\n"; $problems++ }
        }
        # follow links to pages of the same kind as the one they are on
        my ($kind) = $page =~ /(\.[^.\/]+)$/;
        if ($target =~ /\Q$kind\E$/ && !$seen{$target}++) {
            $depth{$target} = $depth{$page} + 1;
            push @queue, $target;
        }
    }
    if (defined $up && $page ne $up && !$links_up) { print "no link up: $page -> $up\n"; $problems++ }
}
for (@all) {
    my $n = normalize($_);
    if (!$seen{$n}) { print "unreachable: $_\n"; $problems++; next }
    if (defined $clicks && $depth{$n} > $clicks) {
        print "too far: $_ is $depth{$n} clicks from the start, at most $clicks wanted\n";
        $problems++;
    }
}
printf "%d pages, %d links (%d external), %d problems\n", scalar(keys %seen), $links, $external, $problems;
exit($problems ? 1 : 0);
