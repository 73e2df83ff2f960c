<?php
if ( post_password_required() ) {
	return;
}
?>
<section id="comments">
<?php if ( have_comments() ) : ?>
	<h3 class="comments-title"><?php comments_number( 'No comments', 'One comment', '% comments' ); ?></h3>
	<ol class="comment-list"><?php wp_list_comments( array( 'style' => 'ol' ) ); ?></ol>
<?php endif; ?>
<?php comment_form(); ?>
</section>
