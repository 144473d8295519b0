-- has_role(uuid, app_role) is called by no policy, no function and no page any more (the policies and
-- the admin functions read the caller's roles themselves): dropped, so that it answers no one about
-- anyone's roles. Restrict: a policy or function that still depended on it would stop this migration.

drop function public.has_role(uuid, public.app_role) restrict;
